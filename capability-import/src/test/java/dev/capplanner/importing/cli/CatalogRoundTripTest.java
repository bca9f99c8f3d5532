package dev.capplanner.importing.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.importing.catalog.CatalogImporter;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What {@code ./run-import.sh --out} writes, a static catalog connection reads back to the same capabilities. */
class CatalogRoundTripTest {

    static final Path HOME = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();

    @Test
    void anImportsCatalogLinesImportAgainAsTheSameReadsAndEndpoints() {
        ImportResult imported = new OpenApiImporter().importDocument(OpenApiSource.read(HOME
                .resolve("demo-api/src/main/resources/META-INF/resources/openapi.json").toString()), "demo");
        ImportResult read = new CatalogImporter().importLines("demo-catalog", String.join("\n", CatalogLines.of(imported)));
        assertThat(read.capabilities()).extracting(CatalogRoundTripTest::summary)
                .containsExactlyElementsOf(imported.capabilities().stream().map(CatalogRoundTripTest::summary).toList());
        assertThat(read.relationships()).hasSameSizeAs(imported.relationships());
    }

    private static String summary(ImportedCapability c) {
        return c.name() + " " + c.readOnly() + " " + c.method() + " " + c.path() + " " + c.entity() + " " + c.operation()
                + " " + c.collectionPath();
    }
}
