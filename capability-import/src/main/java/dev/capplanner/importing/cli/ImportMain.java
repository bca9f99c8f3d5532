package dev.capplanner.importing.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.mcp.McpImporter;
import dev.capplanner.importing.mcp.McpServerConnection;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.rollout.ImportedSubjects;
import dev.capplanner.importing.rollout.RolloutReport;
import dev.capplanner.importing.openapi.OpenApiFormatException;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code ./run-import.sh}: a source's operations as capabilities, summarized on the last stdout line. */
public final class ImportMain {

    static final String USAGE = """
            usage: ./run-import.sh --openapi FILE|URL [--out catalog.jsonl] [--connection NAME] [--explain]
                   ./run-import.sh --mcp-command "COMMAND ARGS..." [--out catalog.jsonl] [--explain]
                   ./run-import.sh --mcp-url URL [--out catalog.jsonl] [--explain]

              --openapi FILE|URL  an OpenAPI 3.0 or 3.1 or a Swagger 2.0 document, JSON or YAML;
                                  references to other files or URLs are resolved
              --out FILE          write one capability per line (the catalog format ./run-eval.sh reads)
              --connection NAME   the connection's name in capability ids (default: the document's title)
              --mcp-command "COMMAND ARGS..."  an MCP server started here, spoken to over stdio
              --mcp-url URL       an MCP server's streamable HTTP endpoint
              --explain           print on stderr why each operation is held back, why each
                                  relationship was inferred, and each rollout blocker (what keeps a
                                  capability from multi-step plans, what it blocks, how to fix it),
                                  one line each
            """;

    private ImportMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The command line's run, printing where it is told to; the exit status (0, or 2 with a one-line error). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String openapi = null;
        String mcpCommand = null;
        String mcpUrl = null;
        String output = null;
        String connection = null;
        boolean explain = false;
        try {
            List<String> rest = new ArrayList<>(List.of(args));
            while (!rest.isEmpty()) {
                String option = rest.remove(0);
                switch (option) {
                    case "--openapi" -> openapi = value(option, rest);
                    case "--out" -> output = value(option, rest);
                    case "--connection" -> connection = value(option, rest);
                    case "--mcp-command" -> mcpCommand = value(option, rest);
                    case "--mcp-url" -> mcpUrl = value(option, rest);
                    case "--explain" -> explain = true;
                    case "--help", "-h" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new UsageException("unknown option " + option);
                }
            }
            if ((openapi == null ? 0 : 1) + (mcpCommand == null ? 0 : 1) + (mcpUrl == null ? 0 : 1) != 1) {
                throw new UsageException("give one source: --openapi, --mcp-command or --mcp-url");
            }
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        long started = System.nanoTime();
        ImportResult result;
        try {
            result = openapi != null ? importOpenApi(openapi, connection, err)
                    : importMcp(mcpCommand, mcpUrl, connection, err);
            err.printf("Imported %d %s: %d read(s), %d excluded, %d relationship(s)%n", result.capabilities().size(),
                    result.source().equals("mcp") ? "tool(s)" : "operation(s)", result.readOnly(), result.excluded(),
                    result.relationships().size());
            if (explain) {
                explain(result, err);
            }
            if (!result.refused().isEmpty()) {
                err.printf("Refused %d path(s) or line(s) that are not path templates (not imported)%n",
                        result.refused().size());
                result.refused().stream().limit(explain ? Long.MAX_VALUE : 5).forEach(r -> err.println("  " + r));
            }
            if (result.invalidHints() > 0) {
                err.printf("Ignored %d invalid capability hint(s) in tools' _meta%n", result.invalidHints());
            }
            if (output != null) {
                Files.write(Path.of(output), CatalogLines.of(result));
                err.printf("Wrote %s%n", output);
            }
        } catch (OpenApiFormatException e) {
            err.println("error: not valid OpenAPI: " + e.getMessage());
            return 2;
        } catch (OpenApiSource.SourceUnavailableException e) {
            err.println("error: " + e.getMessage());
            return 2;
        } catch (RuntimeException e) {
            if (openapi != null) {
                throw e;
            }
            // The SDK's failures (a command that is not an MCP server, an endpoint that does not answer).
            err.println("error: the MCP server did not answer (" + rootCause(e) + ")");
            return 2;
        } catch (IOException e) {
            err.println("error: cannot write " + output + ": " + e.getMessage());
            return 2;
        }
        long ms = (System.nanoTime() - started) / 1_000_000;
        out.println("{\"source\":\"" + result.source() + "\",\"operations\":" + result.capabilities().size()
                + ",\"read_only\":" + result.readOnly() + ",\"excluded\":" + result.excluded()
                + ",\"relationships\":" + result.relationships().size() + ",\"ms\":" + ms + "}");
        return 0;
    }

    /** Why each operation is held back, and why each relationship was inferred. */
    private static void explain(ImportResult result, PrintStream err) {
        java.util.Map<String, String> names = new java.util.HashMap<>();
        result.capabilities().forEach(capability -> names.put(capability.id(), capability.name()));
        result.capabilities().stream().filter(capability -> capability.excludedReason() != null)
                .forEach(capability -> err.printf("held %s: %s%n", capability.name(), capability.excludedReason()));
        result.relationships().forEach(relationship -> err.printf("fed %s.%s <- %s %s: %s%n",
                names.get(relationship.consumer()), relationship.input(), names.get(relationship.provider()),
                relationship.outputPath(), relationship.because()));
        // Names and reasons come from the source: no control character reaches the terminal.
        RolloutReport.of(ImportedSubjects.of(result)).forEach(blocker -> err.println(("blocker " + blocker.capability()
                + " " + blocker.kind() + (blocker.input() == null ? "" : " " + blocker.input()) + ": blocks "
                + blocker.blocks() + "; fix: " + blocker.fix()).replaceAll("\\p{Cc}", " ")));
    }

    private static ImportResult importOpenApi(String location, String connection, PrintStream err) {
        err.printf("Reading %s ...%n", location);
        JsonNode document = OpenApiSource.read(location);
        String name = connection != null ? connection : OpenApiSource.connectionName(document, location);
        return new OpenApiImporter().importDocument(document, name);
    }

    private static ImportResult importMcp(String command, String url, String connection, PrintStream err) {
        err.printf("Connecting to %s ...%n", command != null ? "the MCP server started with: " + command : url);
        try (McpServerConnection server = command != null
                ? McpServerConnection.overStdio(McpServerConnection.commandLine(command))
                : McpServerConnection.overHttp(url)) {
            String name = connection != null ? connection
                    : server.serverName().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
            err.printf("Listing the tools of %s ...%n", name);
            return new McpImporter().importTools(name, server.tools());
        }
    }

    private static String rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName();
    }

    private static String value(String option, List<String> rest) {
        if (rest.isEmpty()) {
            throw new UsageException(option + " needs a value");
        }
        return rest.remove(0);
    }

    private static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message, null, false, false);
        }
    }
}
