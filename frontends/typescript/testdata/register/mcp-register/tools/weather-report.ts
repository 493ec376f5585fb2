import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolResult,
  ContentBlock,
} from "@modelcontextprotocol/sdk/types.js";

const WeatherReportInputSchema = {
  harbour: z
    .enum(["North Quay", "Old Pier", "East Basin"])
    .describe("Harbour to report on"),
};

const WeatherReportOutputSchema = z.object({
  windKnots: z.number().describe("Wind speed in knots"),
  sky: z.string().describe("Short description of the sky"),
  waveMetres: z.number().describe("Wave height in metres"),
});

const name = "weather-report";
const config = {
  title: "Harbour Weather Report Tool",
  description:
    "Returns a harbour forecast both as text and as structured content checked against an output schema",
  inputSchema: WeatherReportInputSchema,
  outputSchema: WeatherReportOutputSchema,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
};

export const registerWeatherReportTool = (server: McpServer) => {
  server.registerTool(name, config, async (args): Promise<CallToolResult> => {
    let report;
    switch (args.harbour) {
      case "North Quay":
        report = { windKnots: 12, sky: "Overcast", waveMetres: 1.5 };
        break;
      default:
        report = { windKnots: 4, sky: "Clear", waveMetres: 0.3 };
    }
    const blocks: ContentBlock[] = [{ type: "text", text: JSON.stringify(report) }];
    return { content: blocks, structuredContent: report };
  });
};
