export { createKeyVault, KeyVaultError, parseEncryptionKey, unconfiguredKeyVault, type KeyVault } from "./key-vault";
