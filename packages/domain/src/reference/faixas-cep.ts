/**
 * CEP ranges (faixas de CEP por localidade) of every Alagoas municipality, and of the four capitals
 * where the generator places tax substitutes' head offices, by IBGE code: [ibge, first CEP, last CEP].
 * Copied, not typed: datasets-br/city-codes, data/br-city-codes.csv, column postalCode_ranges
 * (commit e4b7c8b8c69a, 2020-08-12; ODC-PDDL public-domain dedication), the Correios ranges as that
 * dataset publishes them. Maceió: 57000-001–57099-999; the State: 57000-000–57999-999. São Paulo's
 * second range (08000-000–08499-999) is left out: one range per town is enough for the generator.
 */
export const FAIXAS_CEP: readonly (readonly [ibge: number, inicio: number, fim: number])[] = [
  [2611606, 50000001, 52999999], // Recife
  [2700102, 57490000, 57499999], // Água Branca
  [2700201, 57660000, 57669999], // Anadia
  [2700300, 57300001, 57319999], // Arapiraca
  [2700409, 57690000, 57699999], // Atalaia
  [2700508, 57925000, 57929999], // Barra de Santo Antônio
  [2700607, 57180000, 57199999], // Barra de São Miguel
  [2700706, 57420000, 57424999], // Batalha
  [2700805, 57630000, 57634999], // Belém
  [2700904, 57435000, 57439999], // Belo Monte
  [2701001, 57680000, 57689999], // Boca da Mata
  [2701100, 57830000, 57839999], // Branquinha
  [2701209, 57570000, 57579999], // Cacimbinhas
  [2701308, 57770000, 57779999], // Cajueiro
  [2701357, 57968000, 57969999], // Campestre
  [2701407, 57250000, 57254999], // Campo Alegre
  [2701506, 57350000, 57359999], // Campo Grande
  [2701605, 57530000, 57534999], // Canapi
  [2701704, 57780000, 57799999], // Capela
  [2701803, 57535000, 57539999], // Carneiros
  [2701902, 57760000, 57769999], // Chã Preta
  [2702009, 57325000, 57329999], // Coité do Nóia
  [2702108, 57975000, 57979999], // Colônia Leopoldina
  [2702207, 57140000, 57149999], // Coqueiro Seco
  [2702306, 57230000, 57239999], // Coruripe
  [2702355, 57320000, 57324999], // Craíbas
  [2702405, 57480000, 57489999], // Delmiro Gouveia
  [2702504, 57560000, 57569999], // Dois Riachos
  [2702553, 57625000, 57629999], // Estrela de Alagoas
  [2702603, 57340000, 57349999], // Feira Grande
  [2702702, 57220000, 57229999], // Feliz Deserto
  [2702801, 57995000, 57999999], // Flexeiras
  [2702900, 57360000, 57369999], // Girau do Ponciano
  [2703007, 57890000, 57899999], // Ibateguara
  [2703106, 57620000, 57624999], // Igaci
  [2703205, 57280000, 57289999], // Igreja Nova
  [2703304, 57545000, 57549999], // Inhapi
  [2703403, 57430000, 57434999], // Jacaré dos Homens
  [2703502, 57960000, 57964999], // Jacuípe
  [2703601, 57950000, 57954999], // Japaratinga
  [2703700, 57425000, 57429999], // Jaramataia
  [2703759, 57255000, 57256999], // Jequiá da Praia
  [2703809, 57980000, 57989999], // Joaquim Gomes
  [2703908, 57965000, 57967999], // Jundiá
  [2704005, 57270000, 57274999], // Junqueiro
  [2704104, 57330000, 57339999], // Lagoa da Canoa
  [2704203, 57260000, 57264999], // Limoeiro de Anadia
  [2704302, 57000001, 57099999], // Maceió
  [2704401, 57580000, 57599999], // Major Isidoro
  [2704500, 57955000, 57959999], // Maragogi
  [2704609, 57520000, 57524999], // Maravilha
  [2704708, 57160000, 57179999], // Marechal Deodoro
  [2704807, 57670000, 57679999], // Maribondo
  [2704906, 57730000, 57739999], // Mar Vermelho
  [2705002, 57540000, 57544999], // Mata Grande
  [2705101, 57910000, 57919999], // Matriz de Camaragibe
  [2705200, 57990000, 57994999], // Messias
  [2705309, 57615000, 57619999], // Minador do Negrão
  [2705408, 57440000, 57441999], // Monteirópolis
  [2705507, 57820000, 57829999], // Murici
  [2705606, 57970000, 57974999], // Novo Lino
  [2705705, 57442000, 57444999], // Olho d'Água das Flores
  [2705804, 57470000, 57474999], // Olho d'Água do Casado
  [2705903, 57390000, 57399999], // Olho d'Água Grande
  [2706000, 57550000, 57559999], // Olivença
  [2706109, 57525000, 57529999], // Ouro Branco
  [2706208, 57410000, 57419999], // Palestina
  [2706307, 57600001, 57614999], // Palmeira dos Índios
  [2706406, 57400000, 57409999], // Pão de Açúcar
  [2706422, 57475000, 57479999], // Pariconha
  [2706448, 57935000, 57939999], // Paripueira
  [2706505, 57930000, 57934999], // Passo de Camaragibe
  [2706604, 57740000, 57749999], // Paulo Jacinto
  [2706703, 57200000, 57209999], // Penedo
  [2706802, 57210000, 57219999], // Piaçabuçu
  [2706901, 57150000, 57159999], // Pilar
  [2707008, 57720000, 57729999], // Pindoba
  [2707107, 57460000, 57469999], // Piranhas
  [2707206, 57510000, 57514999], // Poço das Trincheiras
  [2707305, 57900000, 57909999], // Porto Calvo
  [2707404, 57945000, 57949999], // Porto de Pedras
  [2707503, 57290000, 57299999], // Porto Real do Colégio
  [2707602, 57750000, 57759999], // Quebrangulo
  [2707701, 57100000, 57119999], // Rio Largo
  [2707800, 57257000, 57259999], // Roteiro
  [2707909, 57130000, 57139999], // Santa Luzia do Norte
  [2708006, 57500000, 57509999], // Santana do Ipanema
  [2708105, 57840000, 57859999], // Santana do Mundaú
  [2708204, 57380000, 57389999], // São Brás
  [2708303, 57860000, 57889999], // São José da Laje
  [2708402, 57445000, 57459999], // São José da Tapera
  [2708501, 57920000, 57924999], // São Luís do Quitunde
  [2708600, 57240001, 57249999], // São Miguel dos Campos
  [2708709, 57940000, 57944999], // São Miguel dos Milagres
  [2708808, 57275000, 57279999], // São Sebastião
  [2708907, 57120000, 57129999], // Satuba
  [2708956, 57515000, 57519999], // Senador Rui Palmeira
  [2709004, 57635000, 57639999], // Tanque d'Arca
  [2709103, 57640000, 57659999], // Taquarana
  [2709152, 57265000, 57269999], // Teotônio Vilela
  [2709202, 57370000, 57379999], // Traipu
  [2709301, 57800000, 57819999], // União dos Palmares
  [2709400, 57700000, 57719999], // Viçosa
  [2800308, 49000001, 49099999], // Aracaju
  [2927408, 40000001, 42599999], // Salvador
  [3550308, 1000001, 5999999], // São Paulo
];
