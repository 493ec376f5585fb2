#!/usr/bin/env node
/**
 * A server whose one tool declares an output schema with registerTool,
 * importing the SDK by relative path as the SDK's own examples do.
 */

import { McpServer } from '../../server/mcp.js';
import { StdioServerTransport } from '../../server/stdio.js';
import * as z from 'zod/v4';

const server = new McpServer({
    name: 'forecast-output-schema-example',
    version: '1.0.0'
});

server.registerTool(
    'get_forecast',
    {
        description: 'Get a three-day outlook for a town',
        inputSchema: {
            town: z.string().describe('Town name'),
            region: z.string().describe('Region or province code (e.g. BY, ON)')
        },
        outputSchema: {
            pressure: z.object({
                hectopascal: z.number(),
                inchesHg: z.number()
            }),
            outlook: z.enum(['fair', 'changeable', 'unsettled', 'foggy']),
            cloudCover: z.number().min(0).max(8),
            gusts: z.object({
                peak_kmh: z.number(),
                bearing: z.string()
            })
        }
    },
    async ({ town, region }) => {
        void town;
        void region;
        const hpa = 1000 + Math.round(Math.random() * 40);
        const structuredContent = {
            pressure: { hectopascal: hpa, inchesHg: Math.round(hpa * 2.953) / 100 },
            outlook: 'fair',
            cloudCover: Math.floor(Math.random() * 9),
            gusts: { peak_kmh: Math.round(Math.random() * 80), bearing: 'SW' }
        };
        return {
            content: [{ type: 'text', text: JSON.stringify(structuredContent, null, 2) }],
            structuredContent
        };
    }
);

async function main() {
    const transport = new StdioServerTransport();
    await server.connect(transport);
    console.error('Forecast output schema example running on stdio');
}

main().catch(error => {
    console.error('Server error:', error);
    process.exit(1);
});
