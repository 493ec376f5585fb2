export type Target = { url: string } | { path: string; recursive?: boolean };
