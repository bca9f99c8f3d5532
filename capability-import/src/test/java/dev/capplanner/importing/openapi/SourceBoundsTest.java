package dev.capplanner.importing.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.capplanner.importing.model.ImportResult;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Rule "bounded sources": a document cannot expand without bound, be larger than the limit, or
 * lead the registry through redirects to an address it would not read.
 */
class SourceBoundsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static HttpServer server;
    private static String base;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/doc.json", exchange -> answer(exchange, 200, "{\"openapi\":\"3.0.3\",\"paths\":{}}", true));
        server.createContext("/hop", exchange -> redirect(exchange, "/doc.json"));
        server.createContext("/to-metadata", exchange -> redirect(exchange, "http://169.254.169.254/latest/meta-data/"));
        server.createContext("/loop", exchange -> redirect(exchange, "/loop"));
        server.createContext("/big", exchange -> answer(exchange, 200, "x".repeat(4096), true));
        server.createContext("/big-chunked", exchange -> answer(exchange, 200, "x".repeat(4096), false));
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static final FetchRules RULES = new FetchRules(1024, 3,
            url -> URI.create(url).getHost().equals("169.254.169.254") ? Optional.of("not public") : Optional.empty());

    @Test
    void aDocumentWithinTheRulesIsReadAndARedirectIsFollowed() {
        assertThat(OpenApiSource.text(base + "/doc.json", RULES)).contains("3.0.3");
        assertThat(OpenApiSource.text(base + "/hop", RULES)).contains("3.0.3");
    }

    @Test
    void aRedirectToAnAddressTheRulesRefuseIsNotFollowed() {
        assertThatThrownBy(() -> OpenApiSource.text(base + "/to-metadata", RULES))
                .isInstanceOf(OpenApiSource.SourceRefusedException.class)
                .hasMessage("will not read http://169.254.169.254/latest/meta-data/: not public");
        FetchRules refusingAll = new FetchRules(1024, 3, url -> Optional.of("not allowed"));
        assertThatThrownBy(() -> OpenApiSource.text(base + "/doc.json", refusingAll))
                .isInstanceOf(OpenApiSource.SourceRefusedException.class).hasMessageContaining("not allowed");
    }

    @Test
    void redirectsBeyondTheLimitAreRefused() {
        assertThatThrownBy(() -> OpenApiSource.text(base + "/loop", RULES))
                .isInstanceOf(OpenApiSource.SourceRefusedException.class).hasMessageContaining("redirects more than 3 times");
    }

    @Test
    void aDocumentLargerThanTheLimitIsRefusedWhetherItSaysSoOrNot() {
        assertThatThrownBy(() -> OpenApiSource.text(base + "/big", RULES))
                .isInstanceOf(OpenApiSource.SourceRefusedException.class).hasMessageContaining("is 4096 bytes, more than the 1024");
        assertThatThrownBy(() -> OpenApiSource.text(base + "/big-chunked", RULES))
                .isInstanceOf(OpenApiSource.SourceRefusedException.class).hasMessageContaining("more than the 1024 bytes");
    }

    @Test
    void aRedirectIsNeverFollowedWithACredential() {
        assertThatThrownBy(() -> OpenApiSource.text(base + "/hop", java.util.Map.of("X-Api-Key", "k"), java.util.Map.of(), RULES))
                .isInstanceOf(OpenApiSource.SourceUnavailableException.class)
                .hasMessageContaining("a redirect is not followed with a credential");
    }

    /**
     * Ten kilobytes whose schemas each refer to the next one thirty times over: inlined, one
     * operation would hold billions of nodes.
     */
    static JsonNode expandingDocument(int operations) {
        ObjectNode document = JSON.createObjectNode().put("openapi", "3.0.3");
        ObjectNode schemas = document.putObject("components").putObject("schemas");
        for (int level = 0; level < 8; level++) {
            ObjectNode properties = schemas.putObject("L" + level).put("type", "object").putObject("properties");
            for (int property = 0; property < 30; property++) {
                properties.putObject("p" + property).put("$ref", "#/components/schemas/L" + (level + 1));
            }
        }
        schemas.putObject("L8").put("type", "string");
        ObjectNode paths = document.putObject("paths");
        for (int operation = 0; operation < operations; operation++) {
            paths.putObject("/things" + operation).putObject("get").put("operationId", "listThings" + operation)
                    .putObject("responses").putObject("200").putObject("content").putObject("application/json")
                    .putObject("schema").put("$ref", "#/components/schemas/L0");
        }
        return document;
    }

    @Test
    void anOperationWhoseSchemasExpandBeyondTheLimitIsRefusedAndTheOthersImport() throws IOException {
        ObjectNode document = (ObjectNode) expandingDocument(1);
        assertThat(JSON.writeValueAsString(document).length()).isLessThan(12_000);
        ((ObjectNode) document.get("paths")).putObject("/small").putObject("get").put("operationId", "listSmall")
                .putObject("responses").putObject("200").put("description", "ok");
        ImportResult result = new OpenApiImporter().importDocument(document, "boom", Set.of(),
                new ExpansionLimits(1_000_000, 5_000, 100_000));
        assertThat(result.capabilities()).extracting(c -> c.name()).containsExactly("listSmall");
        assertThat(result.refused()).singleElement().satisfies(refused -> {
            assertThat(refused.location()).isEqualTo("#/paths/~1things0/get");
            assertThat(refused.reason()).isEqualTo("its schemas expand to more than 5000 nodes once their $refs are inlined");
        });
    }

    @Test
    void aDocumentWhoseOperationsTogetherExpandBeyondTheLimitIsRefusedWhole() {
        assertThatThrownBy(() -> new OpenApiImporter().importDocument(expandingDocument(30), "boom", Set.of(),
                new ExpansionLimits(1_000_000, 5_000, 50_000)))
                .isInstanceOf(OpenApiFormatException.class).hasMessageContaining("expand to more than 50000 nodes");
        assertThatThrownBy(() -> new OpenApiImporter().importDocument(expandingDocument(30), "boom", Set.of(),
                new ExpansionLimits(500, 5_000, 50_000)))
                .isInstanceOf(OpenApiFormatException.class).hasMessageContaining("expand more than 500 $refs");
    }

    @Test
    void theDefaultLimitsRefuseTheExpandingDocumentQuickly() {
        ImportResult result = new OpenApiImporter().importDocument(expandingDocument(1), "boom", Set.of());
        assertThat(result.capabilities()).isEmpty();
        assertThat(result.refused()).singleElement().satisfies(refused -> assertThat(refused.reason())
                .contains("more than " + ExpansionLimits.DEFAULTS.maxNodesPerOperation() + " nodes"));
    }

    private static void redirect(com.sun.net.httpserver.HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().add("Location", location);
        exchange.sendResponseHeaders(302, -1);
        exchange.close();
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body, boolean withLength)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, withLength ? bytes.length : 0);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
