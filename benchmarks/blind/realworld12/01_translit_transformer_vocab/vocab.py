START_TOKEN = '<START>'
PADDING_TOKEN = '<PADDING>'
END_TOKEN = '<END>'

english_vocabulary = list(" abcdefghijklmnopqrstuvwxyz")
kannada_vocabulary = list(" ಅಆಇಈಉಊಋಎಏಐಒಓಔಕಖಗಘಙಚಛಜಝಞಟಠಡಢಣತಥದಧನಪಫಬಭಮಯರಲವಶಷಸಹಳ")


def build_index(vocabulary):
    to_index = {ch: i for i, ch in enumerate(vocabulary)}
    for tok in (START_TOKEN, PADDING_TOKEN, END_TOKEN):
        to_index[tok] = len(to_index)
    return to_index


english_to_index = build_index(english_vocabulary)
kannada_to_index = build_index(kannada_vocabulary)
index_to_kannada = {v: k for k, v in kannada_to_index.items()}
