export type Yes = true;
export type No = false;
