package dev.capplanner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documents that explain the code name only types that exist: a backticked {@code AccessPolicy}
 * or {@code approval.Approvals} (a package tail, then the type) must be a source file of the checkout,
 * so a rename or a move cannot leave a newcomer looking for a class that is gone.
 */
class DocumentedTypesTest {

    /** A package tail and a capitalized name ({@code approval.Approvals}), or a name of two words or more alone. */
    private static final Pattern TYPE_NAME = Pattern.compile(
            "`(?:((?:[a-z][a-zA-Z0-9]*\\.)+)([A-Z][A-Za-z0-9]*)|()([A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*))`");

    @Test
    void everyTypeTheDesignAndTheReadmesNameExists() throws IOException {
        Set<String> sources = javaSources();
        List<String> missing = new ArrayList<>();
        for (Path document : explainingDocuments()) {
            Matcher matcher = TYPE_NAME.matcher(Files.readString(document));
            while (matcher.find()) {
                String packageTail = matcher.group(1) != null ? matcher.group(1) : matcher.group(3);
                String type = matcher.group(2) != null ? matcher.group(2) : matcher.group(4);
                String suffix = "/" + packageTail.replace('.', '/') + type + ".java";
                if (sources.stream().noneMatch(source -> source.endsWith(suffix))) {
                    missing.add(Repository.home().relativize(document) + ": " + matcher.group());
                }
            }
        }
        assertThat(missing).as("types the documents name that no source file defines").isEmpty();
    }

    @Test
    void theCheckSeesTheDocumentsAndTheSources() throws IOException {
        assertThat(explainingDocuments()).extracting(path -> Repository.home().relativize(path).toString())
                .contains("docs/design.md", "README.md", "snapshot-service/README.md");
        assertThat(javaSources()).anyMatch(source -> source.endsWith("/snapshot/authorization/AccessPolicy.java"))
                .noneMatch(source -> source.contains("/target/"));
    }

    /** docs/design.md and every README: the texts that point into the code (the others hold figures and steps). */
    private static List<Path> explainingDocuments() throws IOException {
        try (Stream<Path> files = Files.walk(Repository.home(), 2)) {
            List<Path> documents = new ArrayList<>(files.filter(path -> path.getFileName().toString().equals("README.md"))
                    .filter(path -> !path.toString().contains("/target/")).sorted().toList());
            documents.add(Repository.home().resolve("docs/design.md"));
            return documents;
        }
    }

    private static Set<String> javaSources() {
        Set<String> sources = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Repository.home())) {
            files.filter(path -> path.toString().endsWith(".java"))
                    .map(path -> Repository.home().relativize(path).toString())
                    .filter(path -> path.contains("/src/") && !path.contains("/target/"))
                    .map(path -> "/" + path)
                    .forEach(sources::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }
}
