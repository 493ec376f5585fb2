export interface Folder {
  name: string;
  files: File[];
}
export interface File {
  name: string;
  parent: Folder | null;
}
