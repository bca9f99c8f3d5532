package dev.capplanner.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The image's trust store: every certificate of the directory, and the same bytes every time. */
class TruststoreTest {

    @TempDir
    Path dir;

    @Test
    void theSameCertificatesGiveTheSameStoreWhichTheRuntimeReadsWithItsUsualPassword() throws Exception {
        Path certificates = Files.createDirectories(dir.resolve("mozilla"));
        X509Certificate certificate = someTrustedCertificate();
        Files.writeString(certificates.resolve("Some_Root_CA.crt"), "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(certificate.getEncoded())
                + "\n-----END CERTIFICATE-----\n");

        assertThat(Truststore.write(certificates, dir.resolve("a/cacerts"))).isEqualTo(1);
        Thread.sleep(1100);
        Truststore.write(certificates, dir.resolve("b/cacerts"));
        assertThat(Files.readAllBytes(dir.resolve("a/cacerts"))).as("no salt, no date: a reproducible base")
                .isEqualTo(Files.readAllBytes(dir.resolve("b/cacerts")));

        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve("a/cacerts"))) {
            store.load(in, "changeit".toCharArray());
        }
        assertThat(store.getCertificate("some_root_ca")).isEqualTo(certificate);
        assertThat(store.isCertificateEntry("some_root_ca")).isTrue();
    }

    @Test
    void aDirectoryWithoutCertificatesIsAnError() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> Truststore.write(empty, dir.resolve("cacerts")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no certificate");
    }

    /** Any certificate of this JDK's own trust store. */
    private static X509Certificate someTrustedCertificate() throws Exception {
        KeyStore jdk = KeyStore.getInstance(Path.of(System.getProperty("java.home"), "lib/security/cacerts").toFile(),
                (char[]) null);
        for (String alias : Collections.list(jdk.aliases())) {
            Certificate certificate = jdk.getCertificate(alias);
            if (certificate instanceof X509Certificate x509) {
                return x509;
            }
        }
        throw new IllegalStateException("this JDK trusts no certificate");
    }
}
