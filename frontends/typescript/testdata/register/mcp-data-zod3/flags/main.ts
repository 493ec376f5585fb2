// Entry point: parse the options, then start the server with them.
import { readOptions } from "./options.js";
import { startGreenhouse } from "./server.js";

export const opts = readOptions();

const { server } = await startGreenhouse(opts);
void server;
