export interface Params {
  q: string;
}
export class Service {
  url = "http://x";
  call(p: Params): string {
    return `${this.url}?q=${p.q}`;
  }
}
export function run(p: Params): number {
  return p.q.length;
}
