/** Execute arbitrary Python code and return what it prints. */
export declare function run_python(args: { source: string }): Promise<string>; // want "\"run_python\" executes code \\(its name\\) but has no"

/** 在沙箱中执行 Python 代码并返回输出。 */
export declare function sandbox(args: { program: string }): Promise<string>; // want "\"sandbox\" executes code \\(its description\\)"

/** Operate the build machine. */
export declare function build_machine(args: { command: string }): Promise<string>; // want "executes code \\(its parameter \"command\"\\)"

/**
 * Run a shell command on the build host.
 * @requiresApproval
 */
export declare function shell(args: { command: string }): Promise<string>;

/** Place a trade at the market price. */
export declare function execute_trade(args: { symbol: string }): Promise<string>;

/** Refresh the cached exchange rates from the central bank. */
export declare function refresh_rates(args: { source: string }): Promise<string>;
