# Allclear's container image.
#   docker build -t allclear .
#   docker run -p 3000:3000 -v allclear-data:/data allclear   # the embedded database, in /data
# compose.yaml runs it on PostgreSQL instead. lib/server/standalone-image.test.ts lays out the
# runtime stage's files as this file does and starts them with its ENV and CMD.

# Every dependency, development ones included: the build needs them.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# next build, standalone: .next/standalone holds server.js and only the node_modules files the
# server uses (PGlite's WebAssembly and data files among them), the migrations and the status
# page's icon (next.config.ts traces them in).
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 \
    BUILD_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# The server alone. Its files belong to root and are read-only to the server, which runs as the
# image's unprivileged `node` user and writes only to /data: the embedded database (unless
# DATABASE_URL is set) and the public page's saved copy.
FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    PGLITE_DIR=/data/pglite \
    PUBLIC_COPY_FILE=/data/public-copy.json
RUN mkdir -p /data && chown node:node /data
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
