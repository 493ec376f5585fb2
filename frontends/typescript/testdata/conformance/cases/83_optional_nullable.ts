export interface Maybe {
  a?: string | null;
  b?: { inner: number } | null;
}
