export class FrontDesk {
  constructor(private readonly timeoutMs: number) {}
  async ask(question: string): Promise<string> {
    return `${question} (within ${this.timeoutMs} ms)`;
  }
}
