//! gamecheck's command line over Clobber: `clobber-game solve clobber --value`, `check`,
//! `stress`, …

gamecheck::main!(partizan = clobber::Clobber);
