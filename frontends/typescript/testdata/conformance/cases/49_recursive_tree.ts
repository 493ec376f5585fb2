export type Tree = {
  label: string;
  children: Tree[];
};
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
