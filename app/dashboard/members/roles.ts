/** The roles an admin can give; the owner's role passes only by the owner's own hand. */
export const ASSIGNABLE = [
  { value: "viewer", label: "Viewer — reads everything" },
  { value: "editor", label: "Editor — runs the status page" },
  { value: "admin", label: "Admin — also members and notifications" },
] as const;

export const article = (role: string) => (/^[aeiou]/.test(role) ? "an" : "a");
