import { fieldErrorOf } from '@mizan/contract';
import { z } from 'zod';

// Imported by screens that validate forms (lazily): every issue of zod's own checks becomes the contract's code for
// it, as the server answers it (a schema's own message is already a code); the field shows the code in words.
z.config({ customError: fieldErrorOf });
