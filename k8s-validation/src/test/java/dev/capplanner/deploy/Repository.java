package dev.capplanner.deploy;

import java.nio.file.Path;

/** Paths of the checkout the tests read (the manifests, the services' sources and the docs). */
final class Repository {

    private Repository() {
    }

    static Path home() {
        return Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath().normalize();
    }

    static Path k8s() {
        return home().resolve("deploy/k8s");
    }
}
