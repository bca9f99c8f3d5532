package dev.capplanner.localstack;

import com.sun.net.httpserver.HttpServer;
import dev.capplanner.localstack.replay.StackResult;
import dev.capplanner.localstack.replay.TurnReplay;
import dev.capplanner.localstack.stack.LocalStack;
import dev.capplanner.testing.http.LoopbackHttp;
import dev.capplanner.testing.mcp.TokenGuardedMcpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A running stack given two sources an operator connects by themselves, each demanding a
 * credential: a stand-in API that answers 401 without its key, and a stand-in MCP server that
 * answers 401 without its bearer token. Their secrets go into the stack's secrets directory, both
 * are registered through the admin API (no executor configuration, no restart), and a turn is
 * asked against each.
 */
final class RegisteredSourceTurns implements AutoCloseable {

    static final String API_KEY = "k-partner-4f1c";
    static final String MCP_TOKEN = "t-desk-9b2e";

    private static final String MEMBERS_API = """
            {"openapi": "3.0.3", "info": {"title": "Partner loyalty", "version": "1"},
             "paths": {"/v1/members/{memberId}": {"get": {"operationId": "members.detail",
               "summary": "One loyalty member: tier and points balance.",
               "parameters": [{"name": "memberId", "in": "path", "required": true,
                 "schema": {"type": "string", "pattern": "^M-[0-9]{4}$"}, "description": "The member id, e.g. M-1042"}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object",
                 "properties": {"id": {"type": "string"}, "tier": {"type": "string"}, "points": {"type": "integer"}}}}}}}}}}}""";

    private final HttpServer api = LoopbackHttp.start();
    private final TokenGuardedMcpServer mcp = new TokenGuardedMcpServer(MCP_TOKEN);
    final List<String> apiKeysSeen = new CopyOnWriteArrayList<>();
    final String apiRegistered;
    final String mcpRegistered;
    final StackResult result;

    RegisteredSourceTurns(LocalStack stack, Path turnsDirectory) {
        api.createContext("/openapi.json", exchange -> LoopbackHttp.respondJson(exchange, 200,
                MEMBERS_API.getBytes(StandardCharsets.UTF_8)));
        api.createContext("/v1/members/", exchange -> {
            String key = exchange.getRequestHeaders().getFirst("X-Api-Key");
            apiKeysSeen.add(String.valueOf(key));
            boolean known = API_KEY.equals(key);
            LoopbackHttp.respondJson(exchange, known ? 200 : 401, (known
                    ? "{\"id\":\"M-1042\",\"tier\":\"gold\",\"points\":1200}" : "{\"error\":\"no key\"}")
                    .getBytes(StandardCharsets.UTF_8));
        });
        secret(stack, "partner-key", API_KEY);
        secret(stack, "desk-token", MCP_TOKEN);
        String url = LoopbackHttp.url(api);
        apiRegistered = stack.registerConnection("""
                {"id": "partner-api", "tenantId": "acme", "projectId": "partner-desk", "kind": "openapi",
                 "url": "%s/openapi.json", "target": "partner-api", "baseUrl": "%s",
                 "credential": {"scheme": "api-key", "in": "header", "name": "X-Api-Key", "secret": "file:partner-key"},
                 "defaultPermissions": ["orders:read"]}""".formatted(url, url));
        mcpRegistered = stack.registerConnection("""
                {"id": "partner-desk", "tenantId": "acme", "projectId": "partner-desk", "kind": "mcp", "url": "%s",
                 "credential": {"scheme": "bearer", "secret": "file:desk-token"}, "defaultPermissions": ["orders:read"]}"""
                .formatted(mcp.url()));
        result = TurnReplay.on(stack).replay(turns(turnsDirectory));
    }

    List<String> mcpAuthorizations() {
        return mcp.authorizations();
    }

    private static void secret(LocalStack stack, String name, String value) {
        try {
            Path file = stack.secretsDirectory().resolve("acme").resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path turns(Path directory) {
        String turn = """
                {"schemaVersion":"v1","eventId":"partner-evt-%1$d","occurredAt":"2026-11-30T10:00:0%1$dZ","run":{"runId":"partner-run-%1$d","turnId":"partner-turn-%1$d","iteration":0,"tenantId":"acme","projectId":"partner-desk","conversationId":"partner-conv-1","principal":{"userId":"u-17","roles":["support-agent"]}},"question":"%2$s"}""";
        try {
            return Files.writeString(directory.resolve("partner-turns.jsonl"),
                    turn.formatted(1, "What is the loyalty tier of member M-1042?") + "\n"
                            + turn.formatted(2, "What is the order status of order O-5002?") + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        api.stop(0);
        mcp.close();
    }
}
