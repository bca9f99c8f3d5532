package dev.capplanner.importing.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command as a user runs it: the last stdout line, the catalog it writes, one-line errors. */
class ImportMainTest {

    static final String DEMO = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath()
            .resolve("demo-api/src/main/resources/META-INF/resources/openapi.json").toString();

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @TempDir
    Path temp;

    @Test
    void lastLineSummarizesTheImportAndWritesOneToolALine() {
        Path catalog = temp.resolve("demo.jsonl");
        assertThat(run("--openapi", DEMO, "--out", catalog.toString(), "--connection", "demo")).isZero();
        assertThat(lastLine(out)).matches("\\{\"source\":\"openapi\",\"operations\":11,\"read_only\":11,\"excluded\":0,"
                + "\"relationships\":47,\"ms\":\\d+}");
        assertThat(text(err)).contains("Reading ").contains("Imported 11 operation(s)");
        // routing-eval's ImportedCatalogTest reads the same file as ./run-eval.sh does.
        List<com.fasterxml.jackson.databind.JsonNode> tools = tools(catalog);
        assertThat(tools).extracting(tool -> tool.path("id").asText()).containsExactly("api:demo/customers.search",
                "api:demo/customers.detail", "api:demo/orders.list", "api:demo/orders.detail", "api:demo/shipments.list",
                "api:demo/shipments.detail", "api:demo/invoices.list", "api:demo/invoices.detail",
                "api:demo/payments.list", "api:demo/tickets.list", "api:demo/tickets.detail");
        assertThat(tools.get(2).path("inputSchema").has("properties")).isTrue();
    }

    @Test
    void readsAndExcludedAddUpToTheOperations() {
        assertThat(run("--openapi", Path.of("src/test/resources/openapi/shop.yaml").toAbsolutePath().toString())).isZero();
        assertThat(lastLine(out)).startsWith("{\"source\":\"openapi\",\"operations\":9,\"read_only\":3,\"excluded\":6,");
    }

    @Test
    void explainSaysWhyEachOperationIsHeldAndEachRelationshipInferred() {
        assertThat(run("--openapi", Path.of("src/test/resources/openapi/shop.yaml").toAbsolutePath().toString(),
                "--explain")).isZero();
        assertThat(lastLine(out)).startsWith("{\"source\":\"openapi\",\"operations\":9,\"read_only\":3,\"excluded\":6,");
        List<String> lines = text(err).lines().toList();
        assertThat(lines).filteredOn(line -> line.startsWith("held ")).hasSize(6)
                .contains("held createProduct: write: HTTP POST");
        assertThat(lines).filteredOn(line -> line.startsWith("fed ")).isNotEmpty()
                .allMatch(line -> line.matches("fed \\S+\\.\\S+ <- \\S+ \\S+: .+"));
    }

    @Test
    void importsFromAUrl() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] document = Files.readAllBytes(Path.of(DEMO));
        server.createContext("/openapi.json", exchange -> {
            exchange.sendResponseHeaders(200, document.length);
            exchange.getResponseBody().write(document);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            assertThat(run("--openapi", base + "/openapi.json")).isZero();
            assertThat(lastLine(out)).contains("\"operations\":11");
            assertThat(run("--openapi", base + "/missing.json")).isEqualTo(2);
            assertThat(text(err).strip()).isEqualTo("Reading " + base + "/missing.json ...\nerror: " + base
                    + "/missing.json answered HTTP 404");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void badDocumentsAndMissingFilesAreOneLineErrorsWithStatusTwo() throws IOException {
        Path notOpenApi = Files.writeString(temp.resolve("asyncapi.json"), "{\"asyncapi\":\"2.6.0\",\"channels\":{}}");
        assertThat(run("--openapi", notOpenApi.toString())).isEqualTo(2);
        assertThat(lastLine(err)).isEqualTo("error: not valid OpenAPI: #/openapi: missing: not an OpenAPI 3.0 or 3.1 document");
        assertThat(run("--openapi", temp.resolve("nope.json").toString())).isEqualTo(2);
        assertThat(lastLine(err)).isEqualTo("error: cannot read " + temp.resolve("nope.json"));
        assertThat(text(out)).isEmpty();
    }

    @Test
    void aRealMcpServerOverStdioIsImportedAndSummarized() {
        String command = String.join(" ", dev.capplanner.importing.mcp.McpServerImportTestAccess.demoServerCommand());
        assertThat(run("--mcp-command", command, "--out", temp.resolve("desk.jsonl").toString())).isZero();
        assertThat(lastLine(out)).matches("\\{\"source\":\"mcp\",\"operations\":5,\"read_only\":2,\"excluded\":3,"
                + "\"relationships\":1,\"ms\":\\d+}");
        assertThat(text(err)).contains("Listing the tools of order-desk");
        assertThat(tools(temp.resolve("desk.jsonl"))).extracting(tool -> tool.path("id").asText())
                .contains("mcp:order-desk/list_orders", "mcp:order-desk/get_order");
    }

    @Test
    void anMcpServerThatDoesNotAnswerIsAOneLineError() {
        assertThat(run("--mcp-url", "http://127.0.0.1:9/mcp")).isEqualTo(2);
        assertThat(lastLine(err)).startsWith("error: the MCP server did not answer (");
        assertThat(text(out)).isEmpty();
    }

    @Test
    void usageMistakesAreRefusedWithTheUsage() {
        assertThat(run()).isEqualTo(2);
        assertThat(text(err)).startsWith("error: give one source: --openapi, --mcp-command or --mcp-url")
                .contains("usage: ./run-import.sh");
        assertThat(run("--openapi", DEMO, "--mcp-url", "http://127.0.0.1:9/mcp")).isEqualTo(2);
        assertThat(run("--bogus")).isEqualTo(2);
        assertThat(run("--help")).isZero();
        assertThat(text(out)).contains("--openapi FILE|URL").contains("--mcp-command");
    }

    private int run(String... args) {
        out.reset();
        err.reset();
        return ImportMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }

    private static String lastLine(ByteArrayOutputStream stream) {
        List<String> lines = text(stream).lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    private static List<com.fasterxml.jackson.databind.JsonNode> tools(Path catalog) {
        try {
            com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
            List<com.fasterxml.jackson.databind.JsonNode> tools = new java.util.ArrayList<>();
            for (String line : Files.readAllLines(catalog)) {
                if (!line.isBlank()) {
                    tools.add(json.readTree(line));
                }
            }
            return tools;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
