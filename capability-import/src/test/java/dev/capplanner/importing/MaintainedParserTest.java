package dev.capplanner.importing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.model.ImportResult;
import dev.capplanner.importing.model.ImportedCapability;
import dev.capplanner.importing.openapi.OpenApiFormatException;
import dev.capplanner.importing.openapi.OpenApiImporter;
import dev.capplanner.importing.openapi.OpenApiSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Documents read through a maintained parser (swagger-parser): a Swagger 2.0 document is imported as
 * its OpenAPI 3 conversion, and a document split over files is resolved into one. The documents are
 * the test's own.
 */
class MaintainedParserTest {

    private static final Path SWAGGER2 = Path.of("src/test/resources/openapi/petclinic-swagger2.json");
    private static final Path MULTI_FILE = Path.of("src/test/resources/openapi/multi/library.yaml");

    private static ImportedCapability named(ImportResult result, String name) {
        return result.capabilities().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aSwagger2DocumentIsImportedAsItsOpenApi3Conversion() {
        ImportResult clinic = new OpenApiImporter().importDocument(OpenApiSource.read(SWAGGER2.toString()), "clinic");
        assertThat(clinic.capabilities()).extracting(ImportedCapability::name)
                .containsExactlyInAnyOrder("listOwners", "addOwner", "listPetsOfOwner", "cancelVisit");
        assertThat(clinic.readOnly()).isEqualTo(2);
        assertThat(named(clinic, "addOwner").excludedReason()).isEqualTo("write: HTTP POST");
        assertThat(named(clinic, "cancelVisit").excludedReason()).isEqualTo("destructive: HTTP DELETE");
        assertThat(named(clinic, "listPetsOfOwner").inputSchema().path("properties").has("ownerId")).isTrue();
        assertThat(named(clinic, "listOwners").collectionPath()).isNull();
        assertThat(clinic.relationships()).anySatisfy(r -> {
            assertThat(r.consumer()).isEqualTo("api:clinic/listPetsOfOwner");
            assertThat(r.input()).isEqualTo("ownerId");
            assertThat(r.provider()).isEqualTo("api:clinic/listOwners");
        });
    }

    @Test
    void aDocumentSplitOverFilesIsResolvedIntoOne() {
        ImportResult library = new OpenApiImporter().importDocument(OpenApiSource.read(MULTI_FILE.toString()), "library");
        assertThat(library.readOnly()).isEqualTo(2);
        assertThat(named(library, "searchBooks").collectionPath()).isEqualTo("items");
        assertThat(named(library, "listLoans").identifierFields()).contains("id", "bookId");
        assertThat(library.relationships()).anySatisfy(r -> {
            assertThat(r.consumer()).isEqualTo("api:library/listLoans");
            assertThat(r.provider()).isEqualTo("api:library/searchBooks");
            assertThat(r.outputPath()).isEqualTo("items[].id");
        });
    }

    @Test
    void anUploadedDocumentCannotReachOtherFilesAndSwagger1IsNotRead() throws IOException {
        String text = Files.readString(MULTI_FILE);
        assertThatThrownBy(() -> OpenApiSource.document(text, null)).isInstanceOf(OpenApiFormatException.class)
                .hasMessageContaining("an uploaded document cannot refer to other files or URLs");
        assertThatThrownBy(() -> OpenApiSource.document("{\"swagger\": \"1.2\", \"apis\": []}", null))
                .hasMessageContaining("only Swagger 2.0 is read");
        assertThatThrownBy(() -> OpenApiSource.document("{\"swagger\": \"2.0\"}", null))
                .hasMessage("#/paths: not a valid Swagger 2.0 document: no paths");
    }

    @Test
    void aSingleFileOpenApi3DocumentIsReadAsItIs() throws IOException {
        Path demo = Path.of(System.getProperty("capplanner.home", "..")).resolve(
                "demo-api/src/main/resources/META-INF/resources/openapi.json");
        JsonNode direct = OpenApiSource.parse(Files.readString(demo));
        assertThat(OpenApiSource.document(Files.readString(demo), demo.toString())).isEqualTo(direct);
    }
}
