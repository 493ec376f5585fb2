import fs from "fs/promises";
import path from "path";
import { tidyPath } from "./paths.js";

let shelves: string[] = [];

export function setShelves(dirs: string[]) {
  shelves = dirs.map(tidyPath);
}

export function checkInside(p: string): string {
  const full = tidyPath(path.resolve(p));
  if (shelves.length > 0 && !shelves.some((d) => full === d || full.startsWith(d + "/"))) {
    throw new Error(`outside the shelves: ${p}`);
  }
  return full;
}

export async function readWhole(p: string): Promise<string> {
  return fs.readFile(checkInside(p), "utf8");
}

export function humanSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let i = 0;
  while (bytes >= 1024 && i < units.length - 1) { bytes /= 1024; i++; }
  return `${bytes.toFixed(1)} ${units[i]}`;
}
