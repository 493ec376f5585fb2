import os from "os";
import path from "path";

// Expands a leading ~ to the home directory.
export function expandTilde(p: string): string {
  return p === "~" || p.startsWith("~/") ? path.join(os.homedir(), p.slice(1)) : p;
}

// Forward slashes, no trailing slash.
export function tidyPath(p: string): string {
  const s = path.normalize(p).split(path.sep).join("/");
  return s.length > 1 && s.endsWith("/") ? s.slice(0, -1) : s;
}
