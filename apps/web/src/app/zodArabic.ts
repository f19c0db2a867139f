import { z } from 'zod';

// Imported by screens that validate forms (lazily): zod's messages in Arabic, as the server answers them.
z.config(z.locales.ar());
