package dev.capplanner.router.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.importing.cli.ImportMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --read-only}: the evaluation holds what a snapshot would, by the import's own rule. */
class ReadOnlyCatalogTest {

    @TempDir
    Path temp;

    @Test
    void annotationsMethodsAndWritingNamesDecideWhatASnapshotWouldHold() throws Exception {
        Path catalog = Files.writeString(temp.resolve("catalog.jsonl"), String.join("\n",
                "{\"id\": \"mcp:gh/list_issues\", \"name\": \"list_issues\", \"annotations\": {\"readOnlyHint\": true}}",
                "{\"id\": \"mcp:gh/create_issue\", \"name\": \"create_issue\", \"annotations\": {\"readOnlyHint\": false}}",
                "{\"id\": \"mcp:gh/delete_repo_read\", \"name\": \"delete_repo\", \"annotations\": {\"readOnlyHint\": true}}",
                "{\"id\": \"getWeather\", \"description\": \"Current weather of a city\"}",
                "{\"id\": \"sendEmail\", \"description\": \"Send an e-mail\"}",
                "{\"id\": \"api:shop/orders.cancel\", \"name\": \"orders.cancel_view\", \"endpoint\": {\"method\": \"POST\", \"path\": \"/o\"}}"));
        assertThat(ReadOnlyCatalog.readIds(catalog)).as("unannotated reads are what an operator approves; never writes")
                .containsExactly("mcp:gh/list_issues", "getWeather");
    }

    @Test
    void anImportedOpenApiDocumentIsWhatRunEvalReadsAndItsReadsAllStay() throws Exception {
        Path catalog = temp.resolve("demo.jsonl");
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
        assertThat(ImportMain.run(new String[] {"--openapi",
                Path.of("../demo-api/src/main/resources/META-INF/resources/openapi.json").toAbsolutePath().toString(),
                "--out", catalog.toString(), "--connection", "demo"}, quiet, quiet)).isZero();
        List<Capability> tools = DatasetCapabilities.read(catalog);
        assertThat(tools).hasSize(11).extracting(Capability::name).contains("api:demo/orders.list");
        assertThat(ReadOnlyCatalog.readIds(catalog)).hasSize(11);
    }
}
