// A tool that asks the client's model, through MCP sampling, to shorten a text.

import { McpServer } from '../../server/mcp.js';
import { StdioServerTransport } from '../../server/stdio.js';
import * as z from 'zod/v4';

const digestServer = new McpServer({
    name: 'digest-with-sampling',
    version: '1.0.0'
});

digestServer.registerTool(
    'digest',
    {
        description: 'Shorten a text to its main points with the client model',
        inputSchema: {
            body: z.string().describe('Text to shorten')
        }
    },
    async ({ body }) => {
        const reply = await digestServer.server.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: `List the main points of:\n\n${body}` } }],
            maxTokens: 300
        });
        return {
            content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : 'No digest' }]
        };
    }
);

async function main() {
    const transport = new StdioServerTransport();
    await digestServer.connect(transport);
    console.log('Digest server is running...');
}

main().catch(error => {
    console.error('Server error:', error);
    process.exit(1);
});
