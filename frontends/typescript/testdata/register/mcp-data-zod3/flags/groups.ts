export enum Group {
  WATER = "water",
  SENSORS = "sensors",
  LAB = "lab",
}

// Groups a flag must switch on.
export const OPT_IN_GROUPS = [Group.LAB];

export function groupFlag(group: Group): string {
  return `group${group.charAt(0).toUpperCase() + group.slice(1)}`;
}
