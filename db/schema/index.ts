export * from "./auth";
export * from "./workspace";
export * from "./members";
export * from "./components";
export * from "./incidents";
export * from "./maintenance";
export * from "./outbox";
export * from "./notifications";
