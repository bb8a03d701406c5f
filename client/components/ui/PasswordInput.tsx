import { t } from '@lingui/core/macro';
import { IconButton } from '@chakra-ui/react/button';
import { Input, type InputProps } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState } from 'react';

export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          variant="ghost"
          size="xs"
          me="-2"
          aria-label={visible ? t`Hide password` : t`Show password`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff /> : <Eye />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
});
