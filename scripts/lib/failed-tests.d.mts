export declare function failedTests(reportFile: string): string[];
