package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Row mapping of {@code registry_revision}: its single row is locked by every registry change. */
@Entity
@Table(name = "registry_revision")
public class RegistryRevisionEntity extends PanacheEntityBase {

    static final int THE_ROW = 1;

    @Id
    public int id;
    public long revision;
}
