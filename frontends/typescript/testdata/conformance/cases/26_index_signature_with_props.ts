export interface Headers {
  contentType: string;
  [name: string]: string;
}
