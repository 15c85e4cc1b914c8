import fastifyCookie from '@fastify/cookie';
import nodemailer from 'nodemailer';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { AccountsRepository } from './accounts/accounts.repository.js';
import { REFRESH_COOKIE, registerAccountRoutes } from './accounts/accounts.routes.js';
import { AccountsService } from './accounts/accounts.service.js';
import { AccountSettingsService } from './accounts/account-settings.service.js';
import { registerAccountSettingsRoutes } from './accounts/account-settings.routes.js';
import { AccountEraser } from './accounts/account-eraser.js';
import { Admission } from './accounts/admission.js';
import { OneTimeLinksRepository } from './accounts/one-time-links.repository.js';
import { OidcProvider } from './accounts/oidc/oidc-provider.js';
import { registerOidcRoutes } from './accounts/oidc/oidc.routes.js';
import { AdminRepository } from './admin/admin.repository.js';
import { registerAdminRoutes } from './admin/admin.routes.js';
import { AdminService } from './admin/admin.service.js';
import { InstanceSettingsRepository } from './admin/instance-settings.repository.js';
import { InstanceSettingsService } from './admin/instance-settings.service.js';
import { ApiTokensRepository } from './accounts/api-tokens.repository.js';
import { registerApiTokenRoutes } from './accounts/api-tokens.routes.js';
import { ApiTokensService, isPersonalToken } from './accounts/api-tokens.service.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { PageParser } from './enrich/page-parser.js';
import { Enricher } from './enrich/enricher.js';
import { SafeFetcher } from './fetch/safe-fetcher.js';
import { PreviewsRepository } from './previews/previews.repository.js';
import { registerPreviewRoutes } from './previews/previews.routes.js';
import { PreviewsService } from './previews/previews.service.js';
import { EnrichmentJobs } from './enrich/enrichment-jobs.js';
import { LanguageModel } from './enrich/llm.js';
import { JobRunner } from './enrich/job-runner.js';
import type { EventBus } from './realtime/event-bus.js';
import { LocalEventBus } from './realtime/event-bus.js';
import { registerEventRoutes } from './realtime/events.routes.js';
import { LibraryNotifier } from './realtime/notifier.js';
import { PostgresEventBus } from './realtime/pg-event-bus.js';
import { IngestQueue } from './queue/ingest-queue.js';
import { type SessionCookieAuthenticator, installAuthentication } from './http/auth.js';
import { ExportService } from './exports/export.service.js';
import { ExportsRepository } from './exports/exports.repository.js';
import { registerExportRoutes } from './exports/exports.routes.js';
import { ImportFilesRepository } from './imports/import-files.repository.js';
import { ImportRunner } from './imports/import.runner.js';
import { ImportWriter } from './imports/import.writer.js';
import { ImportsRepository } from './imports/imports.repository.js';
import { registerImportRoutes } from './imports/imports.routes.js';
import { ImportsService } from './imports/imports.service.js';
import { registerCors } from './http/cors.js';
import { installDraining } from './http/draining.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { HTTP_TIMEOUTS, type HttpTimeouts, installBodyDeadline, serverTimeouts } from './http/timeouts.js';
import { frameworkError, installErrorHandling, installNotFoundHandler } from './http/errors.js';
import { installInputGuard } from './http/input-guard.js';
import { registerWebApp } from './http/web-app.js';
import { RequestLog } from './http/request-log.js';
import { registerHealthRoutes } from './http/health.routes.js';
import { serializerCompiler } from './http/serializer.js';
import { FoldersRepository } from './library/folders.repository.js';
import { registerFolderRoutes } from './library/folders.routes.js';
import { FolderAccess } from './sharing/folder-access.js';
import { FolderMembersRepository } from './sharing/folder-members.repository.js';
import { LinkHandover } from './sharing/link-handover.js';
import { registerSharingRoutes } from './sharing/sharing.routes.js';
import { SharingService } from './sharing/sharing.service.js';
import { FoldersService } from './library/folders.service.js';
import { LinksRepository } from './library/links.repository.js';
import { registerLinkRoutes } from './library/links.routes.js';
import { registerTagRoutes } from './library/tags.routes.js';
import { LinksBulkRepository } from './library/links-bulk.repository.js';
import { LibraryEraser } from './library/library-eraser.js';
import { LinksBulkService } from './library/links-bulk.service.js';
import { TagsService } from './library/tags.service.js';
import { LinkContentRepository } from './library/link-content.repository.js';
import { registerLinkContentRoutes } from './library/link-content.routes.js';
import { LinkContentService } from './library/link-content.service.js';
import { LinkAvailabilityRepository } from './library/link-availability.repository.js';
import { AvailabilityChecks } from './availability/availability-checks.js';
import { LinksService } from './library/links.service.js';
import { MetricsRepository } from './metrics/metrics.repository.js';
import { installMetrics } from './metrics/metrics.routes.js';
import { Metrics } from './metrics/metrics.service.js';
import { registerMcpRoutes } from './mcp/mcp.routes.js';
import { AuthorizationService } from './oauth/authorization.service.js';
import { OAuthClients } from './oauth/clients.service.js';
import { registerConsentRoutes } from './oauth/consent.routes.js';
import { OAuthRepository } from './oauth/oauth.repository.js';
import { registerOAuthProtocolRoutes } from './oauth/oauth.routes.js';
import { Resources } from './oauth/resources.js';
import { OAuthTokens } from './oauth/tokens.service.js';
import { SnippetsRepository } from './library/snippets.repository.js';
import { registerSnippetRoutes } from './library/snippets.routes.js';
import { SnippetsService } from './library/snippets.service.js';
import { StatsService } from './library/stats.service.js';
import { RateLimitRepository } from './ratelimit/rate-limit.repository.js';
import { RateLimiter } from './ratelimit/rate-limit.service.js';
import { registerStatsRoutes } from './library/stats.routes.js';
import { registerSearchRoutes } from './search/search.routes.js';
import { InsightsRepository } from './insights/insights.repository.js';
import { registerInsightsRoutes } from './insights/insights.routes.js';
import { InsightsService } from './insights/insights.service.js';
import { InsightDeliveryRepository } from './insight-delivery/insight-delivery.repository.js';
import { registerInsightDeliveryRoutes } from './insight-delivery/insight-delivery.routes.js';
import { InsightDeliveryService } from './insight-delivery/insight-delivery.service.js';
import { InsightMailer } from './insight-delivery/insight-mailer.js';
import { SearchService } from './search/search.service.js';
import { PublicFoldersRepository } from './public-pages/public-folders.repository.js';
import { registerPublicPageRoutes } from './public-pages/public-pages.routes.js';
import { PublicPagesService } from './public-pages/public-pages.service.js';
import { LinkSuggestionsRepository } from './library/link-suggestions.repository.js';
import { FolderSuggestions } from './organise/folder-suggestions.service.js';
import { registerFolderSuggestionRoutes } from './organise/folder-suggestions.routes.js';
import { createLogger } from './logging/logger.js';

/** Request bodies larger than this are refused with 413 (the largest real body is a snippet, well under it). */
const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to a logger at config.logLevel in config.logFormat. */
  logger?: FastifyBaseLogger;
  /** Defaults to HTTP_TIMEOUTS; tests shorten them. */
  httpTimeouts?: HttpTimeouts;
}

export function buildServices({
  config,
  database,
  logger = createLogger(config.logLevel, config.logFormat),
}: AppDeps) {
  const { db, dialect } = database;
  const metrics = new Metrics(new MetricsRepository(db), database.poolUse);
  const queue = new IngestQueue(db, dialect);
  const bus: EventBus =
    dialect === 'postgres'
      ? new PostgresEventBus(database.url, logger, config.databaseTimeouts.connectMs)
      : new LocalEventBus();
  const notifier = new LibraryNotifier(bus, () => workers.wake());
  const model = config.llm ? new LanguageModel(config.llm, logger) : null;
  const enricher = new Enricher(new SafeFetcher(config.fetchAllow), new PageParser(), model);
  const linksRepository = new LinksRepository(db, dialect);
  const limiter = new RateLimiter(new RateLimitRepository(db));
  const suggestions = new FolderSuggestions(
    new LinkSuggestionsRepository(db),
    linksRepository,
    notifier,
    limiter,
    model,
  );
  const workers = new JobRunner(
    EnrichmentJobs.over(db, dialect),
    enricher,
    notifier,
    logger,
    metrics,
    suggestions,
  );
  const snippetsRepository = new SnippetsRepository(db, dialect);
  const accountsRepository = new AccountsRepository(db, dialect);
  const oneTimeLinks = new OneTimeLinksRepository(db);
  const instanceSettings = new InstanceSettingsService(new InstanceSettingsRepository(db), config.signups);
  const admission = new Admission(instanceSettings, oneTimeLinks, accountsRepository);
  const accounts = new AccountsService(
    accountsRepository,
    limiter,
    admission,
    oneTimeLinks,
    !config.oidc?.only,
  );
  const oauthRepository = new OAuthRepository(db);
  const resources = new Resources(config.publicUrl);
  const oauthClients = new OAuthClients(
    oauthRepository,
    // Client ID Metadata Documents are small JSON files; a client cannot make us download more.
    new SafeFetcher(config.fetchAllow, { limits: { timeoutMs: 5000, maxBytes: 64 * 1024 } }),
    limiter,
    config.fetchAllow,
  );
  const oauth = {
    resources,
    clients: oauthClients,
    authorization: new AuthorizationService(oauthRepository, oauthClients, resources),
    tokens: new OAuthTokens(oauthRepository, resources),
  };
  const folderAccess = new FolderAccess(db);
  const folderMembers = new FolderMembersRepository(db);
  const foldersRepository = new FoldersRepository(db, dialect);
  const folders = new FoldersService(
    foldersRepository,
    linksRepository,
    db,
    folderAccess,
    folderMembers,
    notifier,
  );
  const links = new LinksService(
    linksRepository,
    snippetsRepository,
    queue,
    folders,
    notifier,
    limiter,
    config.savesPerMinute,
    metrics,
    folderAccess,
    new LinkHandover(dialect),
  );
  const snippets = new SnippetsService(snippetsRepository, linksRepository);
  const previews = new PreviewsService(
    links,
    new PreviewsRepository(db, dialect),
    // Pictures, not pages: a bigger body than a page's, a shorter wait (a card waits on it).
    new SafeFetcher(config.fetchAllow, { limits: { timeoutMs: 8000, maxBytes: 8 * 1024 * 1024 } }),
  );
  const bulkRepository = new LinksBulkRepository(dialect);
  const eraser = new AccountEraser(accountsRepository, limiter, new LibraryEraser(db, bulkRepository));
  const importsRepository = new ImportsRepository(db, dialect);
  const importFiles = new ImportFilesRepository(db);
  const availability = new AvailabilityChecks(
    new LinkAvailabilityRepository(db, dialect),
    limiter,
    // A check reads headers, and at most a small page when HEAD is refused.
    new SafeFetcher(config.fetchAllow, { limits: { timeoutMs: 10_000, maxBytes: 256 * 1024 } }),
    notifier,
    logger,
  );
  const importRunner = new ImportRunner(
    importsRepository,
    importFiles,
    new ImportWriter(linksRepository, foldersRepository, snippetsRepository, queue),
    notifier,
    logger,
    dialect,
    metrics,
  );
  const insights = new InsightsService(new InsightsRepository(db), linksRepository, foldersRepository);
  const insightDelivery = new InsightDeliveryRepository(db, dialect);
  const mailer =
    config.mail &&
    new InsightMailer(
      insightDelivery,
      insights,
      {
        // Far shorter than nodemailer's defaults (a silent socket waits 10 minutes): a stalled mail server
        // must fail the attempt well within the mailer's 10-minute hold on the mail.
        transport: nodemailer.createTransport({
          url: config.mail.smtpUrl,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        }),
        from: config.mail.from,
        appUrl: config.publicUrl,
        smtpPassword: decodeURIComponent(new URL(config.mail.smtpUrl).password),
      },
      logger,
    );
  return {
    metrics,
    bus,
    workers,
    /** Runs imports; started beside the workers (an import is background work like enrichment). */
    importRunner,
    /** Re-checks saved pages; started beside the workers. */
    availability,
    /** Sends the weekly insight e-mail where SMTP_URL is set (null otherwise); started beside the workers. */
    mailer,
    imports: new ImportsService(importsRepository, importFiles, folders, notifier, () => importRunner.wake()),
    accounts,
    apiTokens: new ApiTokensService(new ApiTokensRepository(db)),
    admission,
    oidc: config.oidc && new OidcProvider(config.oidc, `${config.publicUrl}/api/auth/oidc/callback`),
    accountSettings: new AccountSettingsService(accountsRepository, limiter, eraser),
    admin: new AdminService(
      accountsRepository,
      new AdminRepository(db),
      eraser,
      oneTimeLinks,
      instanceSettings,
      config.publicUrl,
    ),
    oauth,
    folders,
    links,
    suggestions,
    sharing: new SharingService(folderAccess, folderMembers, accountsRepository, notifier),
    streamSharing: {
      ownersSharingWith: (userId: string) => folderMembers.ownersSharingWith(userId),
      canReadLink: (userId: string, linkId: string) => folderAccess.canReadLink(userId, linkId),
      isMember: (userId: string, folderId: string) => folderAccess.isMember(userId, folderId),
    },
    bulk: new LinksBulkService(db, bulkRepository, folderAccess, new LinkHandover(dialect), queue, notifier),
    tags: new TagsService(db, bulkRepository, notifier),
    contents: new LinkContentService(links, new LinkContentRepository(db, dialect)),
    previews,
    publicPages: new PublicPagesService(new PublicFoldersRepository(db), folders, previews, config.publicUrl),
    snippets,
    stats: new StatsService(linksRepository, snippetsRepository, foldersRepository),
    insights,
    insightDelivery: new InsightDeliveryService(insightDelivery, insights, {
      appUrl: config.publicUrl,
      emailAvailable: config.mail !== null,
    }),
    search: new SearchService(folders, links, snippets),
    exports: new ExportService(new ExportsRepository(db, linksRepository, foldersRepository)),
    /**
     * Starts this process's share of the work, whatever its role: the event bus (every role publishes, the
     * web role also streams), then `workerCount` enrichment loops and the import runner.
     */
    async start(workerCount = 0): Promise<void> {
      await bus.start();
      if (workerCount <= 0) return;
      workers.start(workerCount);
      await importRunner.start();
      availability.start();
      mailer?.start();
    },
    /**
     * Stops the workers (their jobs in hand go back to the queue), the import runner (after the batch in
     * hand), the availability checks (after the request in hand), the weekly mailer (after the mail in
     * hand) and the event bus; the database stays the caller's.
     */
    async close(): Promise<void> {
      await Promise.all([workers.stop(), importRunner.stop(), availability.close(), mailer?.close()]);
      await bus.close();
    },
  };
}
export type Services = ReturnType<typeof buildServices>;

/** The HTTP application without listening, so tests drive it with inject() (DESIGN.md layout). */
export async function buildApp(deps: AppDeps, services: Services): Promise<FastifyInstance> {
  const { config, database, httpTimeouts: timeouts = HTTP_TIMEOUTS } = deps;
  /** Served over TLS (behind its proxy): cookies are Secure and HSTS is sent. */
  const https = config.publicUrl.startsWith('https:');
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config.logLevel, config.logFormat),
    logController: new RequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // installDraining answers instead, in API.md's error shape.
    return503OnClosing: false,
    frameworkErrors: frameworkError,
    ...serverTimeouts(timeouts),
  });
  installDraining(app);
  installBodyDeadline(app, timeouts.jsonBodyMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuard(app);
  installMetrics(app, services.metrics, config.metricsToken);
  // API.md: JSON bodies only. Fastify also parses text/plain by default; without it such bodies get 415.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyCookie);
  await registerCors(app, config.extensionOrigins);
  installSecurityHeaders(app, { https });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Linkvault API',
        version: '1.0.0',
        description: 'The HTTP contract of Linkvault (API.md).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  installAuthentication(app, async (token) =>
    isPersonalToken(token)
      ? services.apiTokens.authenticate(token)
      : services.oauth.tokens.admit(await services.accounts.authenticate(token)),
  );

  registerHealthRoutes(app, database);
  registerAccountRoutes(app, services.accounts, services.admission, {
    secureCookies: https,
    publicUrl: config.publicUrl,
    oidc: config.oidc,
  });
  registerAccountSettingsRoutes(app, services.accountSettings);
  registerAdminRoutes(app, services.admin);
  registerOidcRoutes(app, services.accounts, services.oidc, {
    publicUrl: config.publicUrl,
    secureCookies: https,
  });
  registerApiTokenRoutes(app, services.apiTokens);
  registerFolderRoutes(app, services.folders);
  registerSharingRoutes(app, services.sharing);
  registerLinkRoutes(app, services.links, services.bulk);
  registerTagRoutes(app, services.tags);
  registerLinkContentRoutes(app, services.contents);
  registerSnippetRoutes(app, services.snippets);
  registerSearchRoutes(app, services.search);
  registerStatsRoutes(app, services.stats);
  registerInsightsRoutes(app, services.insights);
  registerPublicPageRoutes(app, services.publicPages, config.publicUrl);
  await registerInsightDeliveryRoutes(app, services.insightDelivery);
  registerFolderSuggestionRoutes(app, services.suggestions);
  await registerImportRoutes(app, services.imports);
  registerExportRoutes(app, services.exports);
  registerMcpRoutes(app, services, services.oauth.resources);
  await registerOAuthProtocolRoutes(app, services.oauth);
  await registerConsentRoutes(app, services.oauth);
  const principalFromCookie: SessionCookieAuthenticator = (request) => {
    const token = request.cookies[REFRESH_COOKIE];
    return token ? services.accounts.authenticateRefreshToken(token) : Promise.resolve(null);
  };
  registerPreviewRoutes(app, services.previews, principalFromCookie);
  registerEventRoutes(app, {
    bus: services.bus,
    sharing: services.streamSharing,
    links: services.links,
    imports: services.imports,
    principalFromCookie,
    isSessionActive: (sessionId) => services.accounts.isSessionActive(sessionId),
    streams: services.metrics,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  installNotFoundHandler(app, await registerWebApp(app, config.webDist));

  return app;
}
