import { connect } from "node:net";
import { createTransport } from "nodemailer";
import type { SMTPTransportGetSocket } from "nodemailer/lib/smtp-transport";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MailCatcher } from "@/lib/testing/smtp";
import { isLoopbackHost, smtpSettings } from "./smtp-url";
import { smtpTransportOptions } from "./transport";

// The catcher offers no STARTTLS, as a relay without TLS (or someone stripping it) would not.
let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await new MailCatcher().start();
});

afterAll(() => catcher.stop());

beforeEach(() => catcher.clear());

/**
 * Sends one message through the transport SMTP_URL makes, its connection going to the catcher
 * on loopback whatever host the URL names: as a relay reached by name over the network would be.
 */
async function sendThrough(smtpUrl: string): Promise<void> {
  const toCatcher: SMTPTransportGetSocket = (_options, callback) =>
    callback(null, { connection: connect(catcher.port, "127.0.0.1") });
  const transport = createTransport({ ...smtpTransportOptions(smtpUrl), getSocket: toCatcher });
  try {
    await transport.sendMail({
      from: "status@acme.test",
      to: "reader@example.com",
      subject: "Hello",
      text: "Hello.",
    });
  } finally {
    transport.close();
  }
}

describe("TLS to the SMTP server", () => {
  it("sends nothing to a server by name that offers no STARTTLS", async () => {
    await expect(sendThrough(`smtp://mail.example.test:${catcher.port}`)).rejects.toThrow(
      /STARTTLS/,
    );
    expect(catcher.messages).toEqual([]);
  });

  it("sends in plain text to such a server when the URL says tls=off", async () => {
    await sendThrough(`smtp://mail.example.test:${catcher.port}?tls=off`);
    expect(catcher.to("reader@example.com")).toHaveLength(1);
  });

  it("lets a relay on loopback stay plain", async () => {
    await sendThrough(`smtp://127.0.0.1:${catcher.port}`);
    expect(catcher.to("reader@example.com")).toHaveLength(1);
  });

  it("reads the rule from the URL", () => {
    expect(smtpSettings("smtp://user:secret@mail.example.com:587")).toEqual({
      url: "smtp://user:secret@mail.example.com:587",
      host: "mail.example.com",
      requireTLS: true,
      plaintextToRemote: false,
    });
    expect(smtpSettings("smtp://user:secret@mail.example.com:587?tls=off&pool=true")).toEqual({
      url: "smtp://user:secret@mail.example.com:587?pool=true",
      host: "mail.example.com",
      requireTLS: false,
      plaintextToRemote: true,
    });
    // The URL's own requireTLS=false would otherwise override the rule inside nodemailer.
    expect(smtpSettings("smtp://mail.example.com?requireTLS=false")).toMatchObject({
      url: "smtp://mail.example.com",
      requireTLS: true,
    });
    expect(smtpSettings("smtp://localhost:25?requireTLS=true").requireTLS).toBe(true);
    expect(smtpSettings("smtps://mail.example.com")).toMatchObject({
      requireTLS: false,
      plaintextToRemote: false,
    });
    for (const host of ["localhost", "LOCALHOST.", "127.0.0.1", "127.8.9.10", "[::1]"]) {
      expect(smtpSettings(`smtp://${host}:25`), host).toMatchObject({
        requireTLS: false,
        plaintextToRemote: false,
      });
    }
    for (const host of ["mail.localhost.example", "128.0.0.1", "10.0.0.1", "[::2]", "::ffff"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
    expect(isLoopbackHost("[::ffff:127.0.0.1]")).toBe(true);
  });
});
