import { z } from "zod";
import type { ServeOptions } from "./options.js";
import { bedShape, type GardenTool } from "./define.js";
import { groupFlag, OPT_IN_GROUPS, type Group } from "./groups.js";

function groupOff(group: Group, opts: ServeOptions): boolean {
  const value = (opts as Record<string, unknown>)[groupFlag(group)];
  return OPT_IN_GROUPS.includes(group) ? !value : value === false;
}

function offReason(tool: GardenTool, opts: ServeOptions): { off: boolean; why?: string } {
  if (groupOff(tool.annotations.group, opts)) {
    return { off: true, why: `${tool.name} is in group ${tool.annotations.group}` };
  }
  for (const need of tool.annotations.needs || []) {
    if (!(opts as Record<string, unknown>)[need]) {
      return { off: true, why: `${tool.name} needs --${need}` };
    }
  }
  return { off: false };
}

// Decides whether a tool is served and with which input.
export class Gate {
  readonly shape: z.ZodRawShape;
  readonly wire: z.ZodTypeAny;
  readonly served: boolean;

  constructor(
    private readonly tool: GardenTool,
    private readonly opts: ServeOptions,
  ) {
    const { off } = offReason(tool, opts);
    this.served = !off;
    this.shape = "perBed" in tool && tool.perBed && opts.bedRouting && !opts.compact ? { ...bedShape, ...tool.shape } : tool.shape;
    this.wire = z.object(this.shape).passthrough();
  }
}
