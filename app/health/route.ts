// Answers without touching the database, so it says whether the process serves requests.
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
