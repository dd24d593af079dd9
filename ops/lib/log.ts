export const step = (message: string) => console.log(`› ${message}`);
export const fail = (message: string): never => {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
};
