package dev.capplanner.importing.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.model.ImportResult;
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
            usage: ./run-import.sh --openapi FILE|URL [--out catalog.jsonl] [--connection NAME]
                   ./run-import.sh --mcp-command "COMMAND ARGS..." [--out catalog.jsonl]
                   ./run-import.sh --mcp-url URL [--out catalog.jsonl]

              --openapi FILE|URL  an OpenAPI 3.0 or 3.1 document, JSON or YAML
              --out FILE          write one capability per line (the catalog format ./run-eval.sh reads)
              --connection NAME   the connection's name in capability ids (default: the document's title)
              --mcp-command, --mcp-url  MCP servers (not available yet)
            """;

    private ImportMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String openapi = null;
        String output = null;
        String connection = null;
        try {
            List<String> rest = new ArrayList<>(List.of(args));
            while (!rest.isEmpty()) {
                String option = rest.remove(0);
                switch (option) {
                    case "--openapi" -> openapi = value(option, rest);
                    case "--out" -> output = value(option, rest);
                    case "--connection" -> connection = value(option, rest);
                    case "--mcp-command", "--mcp-url" -> throw new UsageException(
                            "MCP import is not available yet; import an OpenAPI document with --openapi");
                    case "--help", "-h" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    default -> throw new UsageException("unknown option " + option);
                }
            }
            if (openapi == null) {
                throw new UsageException("--openapi is required");
            }
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        long started = System.nanoTime();
        ImportResult result;
        try {
            err.printf("Reading %s ...%n", openapi);
            JsonNode document = OpenApiSource.read(openapi);
            String name = connection != null ? connection : OpenApiSource.connectionName(document, openapi);
            result = new OpenApiImporter().importDocument(document, name);
            err.printf("Imported %d operation(s) as api:%s/...: %d read(s), %d excluded, %d relationship(s)%n",
                    result.capabilities().size(), name, result.readOnly(), result.excluded(),
                    result.relationships().size());
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
