// leading line comment
export interface Commented {
  // a line comment before a member
  a: string; // trailing
  /* block */ b: number;
  c /* inside */ : boolean;
}
/* a block comment with interface X { y: number } inside */
export type AfterComment = /* t */ string;
