function helper(a: string): string {
  const re = /[{}]"'`/g;
  const t = `template ${a} with { braces } and "quotes"`;
  // interface Fake { x: number }
  /* type Fake2 = string; */
  return t.replace(re, "}") + '{';
}
class Widget {
  private state = { open: false };
  render(): string {
    return "<div>" + helper("}") + "</div>";
  }
}
const table = { interface: 1, type: "x" };
let counter = 0;
export interface Real {
  id: string;
  count: number;
}
