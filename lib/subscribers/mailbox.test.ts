import { describe, expect, it } from "vitest";
import { mailboxOf } from "./mailbox";

describe("the mailbox an address reaches", () => {
  it("is one for every spelling a provider delivers to one mailbox", () => {
    for (const address of [
      "victim@gmail.com",
      "Victim+1@gmail.com",
      "v.i.c.t.i.m+news@GMAIL.com",
      "VICTIM@googlemail.com",
      "vic.tim+a+b@googlemail.com",
    ]) {
      expect(mailboxOf(address), address).toBe("victim@gmail.com");
    }
  });

  it("keeps dots where the provider does not ignore them, and drops tags everywhere", () => {
    expect(mailboxOf("Jane.Doe+status@Example.com")).toBe("jane.doe@example.com");
    expect(mailboxOf("jane.doe@example.com")).not.toBe(mailboxOf("janedoe@example.com"));
    expect(mailboxOf("+only@example.com")).toBe("+only@example.com");
  });
});
