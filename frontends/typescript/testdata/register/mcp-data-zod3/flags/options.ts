// Command-line options of the greenhouse server, parsed with yargs. The
// tool list depends on them; run without flags it holds the defaults.
import yargs from "yargs";
import { hideBin } from "yargs/helpers";

export const serveOptions = {
  compact: {
    type: "boolean",
    description: "Serve only the watering tools.",
    default: false,
  },
  groupSensors: {
    type: "boolean",
    description: "Serve the sensor tools.",
    default: true,
  },
  groupLab: {
    type: "boolean",
    description: "Serve the lab tools (off unless asked for).",
  },
  bedRouting: {
    type: "boolean",
    description: "Let bed tools target a bed by number.",
  },
  units: {
    type: "string",
    description: "Units for readings.",
    default: "metric",
  },
} as const;

export function readOptions(argv = process.argv) {
  const minimal = argv.includes("--minimal");
  return yargs(hideBin(argv))
    .scriptName("greenhouse")
    .parserConfiguration({ "strip-dashed": true })
    .options(minimal ? { ...serveOptions, compact: { ...serveOptions.compact, default: true } } : serveOptions)
    .middleware((args) => {
      if (!args.units) {
        args.units = "metric";
      }
    })
    .help()
    .parseSync();
}

export type ServeOptions = ReturnType<typeof readOptions>;
