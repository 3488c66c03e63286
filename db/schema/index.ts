export * from "./auth";
export * from "./workspace";
export * from "./members";
export * from "./components";
