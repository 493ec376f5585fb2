export * from "./tides.js";
export { addNote } from "./notes.js";
