export type Answer = 42;
export type Negative = -1.5;
export type Zero = 0;
