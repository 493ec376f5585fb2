// Keeps the steps of a plan as they are proposed.
export interface PlanStep {
  step: string;
  stepIndex: number;
  stepTotal: number;
  moreSteps: boolean;
  redo?: boolean;
  redoOf?: number;
  forkFrom?: number;
  forkName?: string;
}

export class PlanKeeper {
  private steps: PlanStep[] = [];
  private forks: Record<string, PlanStep[]> = {};

  record(input: PlanStep) {
    this.steps.push(input);
    if (input.forkFrom && input.forkName) {
      (this.forks[input.forkName] ??= []).push(input);
    }
    const summary = {
      stepIndex: input.stepIndex,
      stepTotal: input.stepTotal,
      moreSteps: input.moreSteps,
      forks: Object.keys(this.forks),
      recorded: this.steps.length,
    };
    return { content: [{ type: "text" as const, text: JSON.stringify(summary) }] };
  }
}
