package dev.capplanner.images;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The Java runtime's trust store from a directory of PEM certificates (Debian's ca-certificates
 * package ships Mozilla's; its install script, which would build the store, never runs in an image).
 * PKCS12 holding public certificates only, so without encryption or MAC: no random salt, and the same
 * certificates give the same bytes (the base image's digest depends on them). The runtime reads it with
 * any password or none.
 */
final class Truststore {

    private Truststore() {
    }

    /** @return how many certificates the store holds */
    static int write(Path certificates, Path out) throws IOException, GeneralSecurityException {
        Security.setProperty("keystore.pkcs12.certProtectionAlgorithm", "NONE");
        Security.setProperty("keystore.pkcs12.macAlgorithm", "NONE");
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        CertificateFactory x509 = CertificateFactory.getInstance("X.509");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(certificates)) {
            files = walk.filter(path -> path.toString().endsWith(".crt") && Files.isRegularFile(path)).sorted().toList();
        }
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                for (Certificate certificate : x509.generateCertificates(in)) {
                    String alias = file.getFileName().toString().replaceFirst("\\.crt$", "").toLowerCase(Locale.ROOT);
                    store.setCertificateEntry(alias, certificate);
                }
            }
        }
        if (store.size() == 0) {
            throw new IllegalArgumentException("no certificate (*.crt) under " + certificates);
        }
        Files.createDirectories(out.getParent());
        try (OutputStream file = Files.newOutputStream(out)) {
            store.store(file, null);
        }
        return store.size();
    }
}
