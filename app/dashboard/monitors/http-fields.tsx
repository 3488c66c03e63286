"use client";

import type { ApiError } from "@/lib/client/api";
import { CheckField } from "@/app/ui/check-field";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import { TextAreaField } from "@/app/ui/text-area-field";
import { AssertionsEditor } from "./assertions-editor";
import { bindDraft } from "./draft-binding";
import { CertificateWarningField, TimeoutField } from "./shared-fields";
import { takesBody, type HttpDraft, type StoredSecrets } from "./monitor-draft";
import { AUTH_CHOICES, KEPT_SECRET, messageFor, METHODS } from "./monitor-fields";
import { RequestHeaders } from "./request-headers";

/** What an HTTP check sends and what it accepts. */
export function HttpFields({
  http,
  stored,
  onChange,
  error,
}: {
  http: HttpDraft;
  stored: StoredSecrets;
  onChange: (patch: Partial<HttpDraft>) => void;
  error: ApiError | null;
}) {
  const { text, check } = bindDraft(http, onChange);
  const keepsBody = stored.body && !http.dropBody;
  return (
    <>
      <Field
        label="URL"
        {...text("url")}
        type="url"
        placeholder="https://example.com/health"
        required
        error={messageFor(error, "http.url")}
      />
      <div className="fields">
        <SelectField
          label="Method"
          {...text("method")}
          options={METHODS}
          error={messageFor(error, "http.method")}
        />
        <Field
          label="Expected status codes"
          {...text("expectedStatus")}
          hint="Comma-separated, e.g. 200, 204"
          required
          error={messageFor(error, "http.expectedStatus")}
        />
        <TimeoutField {...text("timeoutMs")} error={messageFor(error, "http.timeoutMs")} />
      </div>
      <Field
        label="Keyword (optional)"
        {...text("keyword")}
        hint="The check fails unless the answer's first 1 MiB contains this text."
        error={messageFor(error, "http.keyword")}
      />
      <CheckField
        label="Follow redirects (at most 5)"
        {...check("followRedirects")}
        hint="Off, a redirect is the answer: its status must be one of the expected codes."
      />
      {takesBody(http.method) && (
        <>
          {stored.body && (
            <CheckField
              label="Send no body"
              {...check("dropBody")}
              hint="The stored body is dropped when this is saved."
            />
          )}
          {!http.dropBody && (
            <TextAreaField
              label="Request body (optional)"
              {...text("body")}
              rows={4}
              placeholder={keepsBody ? KEPT_SECRET : '{"ping": true}'}
              hint="Stored encrypted and never shown again. Set its Content-Type with a header."
              error={messageFor(error, "http.body")}
            />
          )}
        </>
      )}
      <RequestHeaders
        rows={http.headers}
        storedNames={stored.headers}
        onChange={(headers) => onChange({ headers })}
        error={error}
      />
      <div className="fields">
        <SelectField
          label="Authentication"
          {...text("auth")}
          options={AUTH_CHOICES}
          error={messageFor(error, "http.auth")}
        />
        {http.auth === "basic" && (
          <>
            <Field
              label="Username"
              {...text("username")}
              autoComplete="off"
              error={messageFor(error, "http.auth.username")}
            />
            <Field
              label="Password"
              {...text("password")}
              type="password"
              autoComplete="new-password"
              placeholder={stored.password ? KEPT_SECRET : undefined}
              error={messageFor(error, "http.auth.password")}
            />
          </>
        )}
        {http.auth === "bearer" && (
          <Field
            label="Bearer token"
            {...text("token")}
            type="password"
            autoComplete="new-password"
            placeholder={stored.token ? KEPT_SECRET : undefined}
            required={!stored.token}
            error={messageFor(error, "http.auth.token")}
          />
        )}
      </div>
      <AssertionsEditor
        rows={http.assertions}
        onChange={(assertions) => onChange({ assertions })}
        error={error}
      />
      <div className="fields two">
        <Field
          label="Degraded above (ms, optional)"
          {...text("degradedAboveMs")}
          type="number"
          min={1}
          max={30000}
          hint="A passing check slower than this counts as degraded."
          error={messageFor(error, "http.degradedAboveMs")}
        />
        <CertificateWarningField
          {...text("expiryWarningDays")}
          hint="For https: warns this long before the certificate expires."
          error={messageFor(error, "http.tls.expiryWarningDays")}
        />
      </div>
    </>
  );
}
